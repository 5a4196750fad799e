import 'reflect-metadata';

import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage } from 'class-validator';

import { ResellersController } from '../octo/resellers.controller';
import { AdminController } from './admin.controller';
import { AdminAuthController } from './auth/admin-auth.controller';
import { ContentController } from './content/content.controller';
import { PrivacyController } from './privacy/privacy.controller';
import { SkyBoardController } from './sky-board/sky-board.controller';

type Class = new (...args: never[]) => unknown;

// Where class-transformer keeps what @Type() says a nested field holds (its typings sit apart from its code).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

/** The classes a controller validates: its handlers' body and query types, and the classes nested in them. */
function validatedClasses(controllers: Class[]): Set<Class> {
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

describe('the staff API', () => {
  it('refuses every bad field in Swedish: no rule of its bodies and queries falls back to class-validator\'s English', () => {
    const classes = validatedClasses([AdminController, AdminAuthController, ContentController, PrivacyController, SkyBoardController, ResellersController]);
    expect(classes.size).toBeGreaterThan(10);
    const english = [...classes].flatMap((type) =>
      getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .filter((rule) => rule.type !== 'conditionalValidation' && rule.type !== 'whitelistValidation' && rule.message === undefined)
        .map((rule) => `${type.name}.${rule.propertyName}: ${rule.name ?? rule.type}`),
    );
    expect(english).toEqual([]);
  });
});
