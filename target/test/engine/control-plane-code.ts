// What a control-plane call ends in, for tests that expect an error: the ControlPlaneError's code, or 'OK'.
import { ControlPlaneError } from '../../engine/control-plane-api.js';

export function controlPlaneCode(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ControlPlaneError) return e.code;
    throw e;
  }
  return 'OK';
}
