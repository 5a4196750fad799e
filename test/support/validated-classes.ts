import 'reflect-metadata';

import type { ClassConstructor } from 'class-transformer';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage } from 'class-validator';

export type Class = ClassConstructor<object>;

// Where class-transformer keeps what @Type() says a nested field holds (its typings sit apart from its code).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

/** The classes these controllers validate: their handlers' body and query types, and the classes nested in them. */
export function validatedClasses(controllers: Class[]): Set<Class> {
  const found = new Set<Class>();
  const visit = (type: unknown) => {
    if (typeof type !== 'function' || found.has(type as Class)) return;
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    if (rules.length === 0) return;
    found.add(type as Class);
    for (const rule of rules) visit(defaultMetadataStorage.findTypeMetadata(type, rule.propertyName)?.typeFunction());
  };
  for (const controller of controllers) {
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) as unknown[] | undefined) ?? [];
      types.forEach(visit);
    }
  }
  return found;
}

/** Every controller of a Nest module and of the modules it imports. */
export function controllersOf(module: unknown, seen = new Set<unknown>()): Class[] {
  const type = (module as { module?: unknown } | undefined)?.module ?? module;
  if (!type || seen.has(type)) return [];
  seen.add(type);
  const own = (Reflect.getMetadata('controllers', type) as Class[] | undefined) ?? [];
  const dynamic = (module as { controllers?: Class[]; imports?: unknown[] }) ?? {};
  const imports = [...((Reflect.getMetadata('imports', type) as unknown[] | undefined) ?? []), ...(dynamic.imports ?? [])];
  return [...own, ...(dynamic.controllers ?? []), ...imports.flatMap((imported) => controllersOf(imported, seen))];
}
