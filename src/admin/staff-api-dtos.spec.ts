import 'reflect-metadata';

import { PATH_METADATA } from '@nestjs/common/constants';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';

import { controllersOf, validatedClasses } from '../../test/support/validated-classes';
import { AppModule } from '../app.module';
import { StaffBookingsController } from './bookings/staff-bookings.controller';
import { ContentController } from './content/content.controller';

/** Every controller of the app under /api/admin (the login among them): found, not listed, so a new one is checked too. */
const STAFF_CONTROLLERS = controllersOf(AppModule).filter((controller) => String(Reflect.getMetadata(PATH_METADATA, controller)).startsWith('api/admin'));

describe('the staff API', () => {
  it('refuses every bad field in Swedish: no rule of its bodies and queries falls back to class-validator\'s English', () => {
    expect(STAFF_CONTROLLERS).toEqual(expect.arrayContaining([StaffBookingsController, ContentController]));
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
