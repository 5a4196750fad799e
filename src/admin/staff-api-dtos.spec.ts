import 'reflect-metadata';

import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';

import { validatedClasses } from '../../test/support/validated-classes';
import { ResellersController } from '../octo/resellers.controller';
import { AdminController } from './admin.controller';
import { AdminAuthController } from './auth/admin-auth.controller';
import { ContentController } from './content/content.controller';
import { PrivacyController } from './privacy/privacy.controller';
import { SkyBoardController } from './sky-board/sky-board.controller';

const STAFF_CONTROLLERS = [AdminController, AdminAuthController, ContentController, PrivacyController, SkyBoardController, ResellersController];

describe('the staff API', () => {
  it('refuses every bad field in Swedish: no rule of its bodies and queries falls back to class-validator\'s English', () => {
    const classes = validatedClasses(STAFF_CONTROLLERS);
    expect(classes.size).toBeGreaterThan(10);
    const english = [...classes].flatMap((type) =>
      getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .filter((rule) => rule.type !== 'conditionalValidation' && rule.type !== 'whitelistValidation' && rule.message === undefined)
        .map((rule) => `${type.name}.${rule.propertyName}: ${rule.name ?? rule.type}`),
    );
    expect(english).toEqual([]);
  });

  it('takes null in a change (a PATCH body) only where the field is documented to take it: IsOptional lets null through to a NOT NULL column, a 500', async () => {
    const changes = [...validatedClasses(STAFF_CONTROLLERS)].filter((type) => /^Update|PatchDto$/.test(type.name));
    expect(changes.map((type) => type.name)).toEqual(expect.arrayContaining(['UpdateTourDateDto', 'PickupPointPatchDto', 'TourPatchDto']));
    const undocumented: string[] = [];
    for (const type of changes) {
      const fields = new Set(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).map((rule) => rule.propertyName));
      for (const field of fields) {
        const errors = await validate(plainToInstance(type, { [field]: null }) as object, { whitelist: true, forbidNonWhitelisted: true });
        const documented = (Reflect.getMetadata('swagger/apiModelProperties', type.prototype, field) as { nullable?: boolean } | undefined)?.nullable === true;
        if (!errors.some((error) => error.property === field) && !documented) undocumented.push(`${type.name}.${field}`);
      }
    }
    expect(undocumented).toEqual([]);
  });
});
