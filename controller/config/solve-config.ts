// Loading `mlt solve` configs: schema check, then the model profile (if named) resolved and checked.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { LayerSpec, SolveProblem } from '../solver/types.js';
import { ConfigError, YamlSource } from '../../config-file/index.js';
import { configSchemas, configsDir } from './schemas.js';

/** θ when neither the config nor the profile says: MLT cuts at the median gradient (§4.2.2). */
const DEFAULT_SMALL_FRACTION = 0.5;

export interface SolveConfig {
  file: string;
  /** The profile file the layers came from, if the config named one. */
  profileFile?: string;
  modelName?: string;
  problem: SolveProblem;
}

interface RawSolveConfig {
  switch: { queues: number; reserveControlQueue: boolean; bufferPackets: number };
  traffic: { load: number };
  model: { profile?: string; smallFraction?: number; layers?: LayerSpec[] };
}

export interface ModelProfile {
  name: string;
  description?: string;
  totalParameters?: number;
  lossTolerance?: number;
  smallFraction?: number;
  layers: LayerSpec[];
}

export function loadSolveConfig(file: string): SolveConfig {
  const source = YamlSource.read(file);
  configSchemas().validate(source, 'solve.schema.json');
  const raw = source.value as RawSolveConfig;
  let layers = raw.model.layers;
  let smallFraction = raw.model.smallFraction;
  let profileFile: string | undefined;
  let modelName: string | undefined;
  if (raw.model.profile !== undefined) {
    profileFile = resolveProfile(raw.model.profile, file);
    if (!existsSync(profileFile))
      throw new ConfigError([
        source.issue(
          ['model', 'profile'],
          `no model profile ${raw.model.profile} (looked for ${profileFile})`,
        ),
      ]);
    const profile = loadModelProfile(profileFile);
    layers = profile.layers;
    smallFraction ??= profile.smallFraction;
    modelName = profile.name;
  }
  if (raw.switch.reserveControlQueue && raw.switch.queues < 2)
    throw new ConfigError([
      source.issue(['switch', 'reserveControlQueue'], 'a reserved control queue needs at least 2 queues'),
    ]);
  return {
    file,
    profileFile,
    modelName,
    problem: {
      queues: raw.switch.queues,
      reserveControlQueue: raw.switch.reserveControlQueue,
      bufferPackets: raw.switch.bufferPackets,
      load: raw.traffic.load,
      smallFraction: smallFraction ?? DEFAULT_SMALL_FRACTION,
      layers: layers!,
    },
  };
}

export function loadModelProfile(file: string): ModelProfile {
  return configSchemas().load<ModelProfile>(file, 'model-profile.schema.json');
}

/** A bare name is a file under configs/models; anything with a slash or a .yaml suffix is a path. */
export function resolveProfile(profile: string, configFile: string): string {
  if (/[\\/]/.test(profile) || /\.ya?ml$/.test(profile))
    return isAbsolute(profile) ? profile : resolve(dirname(configFile), profile);
  return join(configsDir(), 'models', `${profile}.yaml`);
}
