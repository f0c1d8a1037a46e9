// A directory of JSON Schemas (`*.schema.json`), compiled with ajv on first use.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './issues.js';
import { describeErrors } from './schema-issues.js';
import { YamlSource } from './yaml-source.js';

export class SchemaSet {
  private ajv: Ajv | undefined;
  /** Where each oneOf (by identity) sits: its schema file and JSON pointer. */
  private readonly oneOfs = new WeakMap<object, string>();

  /** `dir` holds the schemas; each is registered under its file name, so they can `$ref` each other. */
  constructor(readonly dir: string) {}

  /** The compiled validator of `<dir>/<name>` (e.g. `solve.schema.json`); fills schema defaults in. */
  validator(name: string): ValidateFunction {
    const validate = this.instance().getSchema(name);
    if (!validate) throw new Error(`no schema ${name} in ${this.dir}`);
    return validate;
  }

  /**
   * Validates (and fills schema defaults into) `source.value`. Throws a ConfigError listing every
   * problem found, not just the first.
   */
  validate(source: YamlSource, name: string): void {
    const validate = this.validator(name);
    if (!validate(source.value))
      throw new ConfigError(describeErrors(source, validate.errors ?? [], (o) => this.alternatives(o)));
  }

  /** Reads a YAML file and validates it against schema `name`; throws ConfigError. */
  load<T>(file: string, name: string): T {
    const source = YamlSource.read(file);
    this.validate(source, name);
    return source.value as T;
  }

  /** As `load`, for text already in memory; `file` names it in messages. */
  parse<T>(text: string, file: string, name: string): T {
    const source = YamlSource.parse(text, file);
    this.validate(source, name);
    return source.value as T;
  }

  /** A validator for each alternative of the oneOf an error (from a `verbose` ajv) is about. */
  private alternatives(error: ErrorObject): ValidateFunction[] {
    const list = error.schema as unknown[];
    const ref = this.oneOfs.get(list);
    if (ref === undefined) throw new Error(`a oneOf of ${error.schemaPath} is in no schema of ${this.dir}`);
    return list.map((_, i) => this.validator(`${ref}/${i}`));
  }

  private instance(): Ajv {
    if (this.ajv) return this.ajv;
    // verbose: errors carry the failing schema, which the messages use for oneOf, enum and unknown keys.
    const ajv = new Ajv({
      allErrors: true,
      strict: true,
      strictRequired: false,
      useDefaults: true,
      verbose: true,
    });
    for (const name of readdirSync(this.dir)
      .filter((f) => f.endsWith('.schema.json'))
      .sort()) {
      const schema = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as object;
      ajv.addSchema(schema, name);
      this.indexOneOfs(schema, `${name}#`);
    }
    this.ajv = ajv;
    return ajv;
  }

  private indexOneOfs(node: unknown, pointer: string): void {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'oneOf' && Array.isArray(child) && !Array.isArray(node)) this.oneOfs.set(child, at);
      this.indexOneOfs(child, at);
    }
  }
}
