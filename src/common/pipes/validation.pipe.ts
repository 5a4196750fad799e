import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function collect(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      const constraints = Object.entries(error.constraints);
      // A missing value breaks every rule; "is required" is the one worth saying.
      const required = constraints.filter(([rule]) => rule === 'isNotEmpty' || rule === 'isDefined');
      const missing = error.value === undefined || error.value === null || error.value === '';
      fields[field] = [...new Set((missing && required.length ? required : constraints).map(([, message]) => message))];
    }
    Object.assign(fields, collect(error.children ?? [], field));
  }
  return fields;
}

/**
 * The one global pipe: strips nothing silently (unknown fields are refused), converts types,
 * and answers 400 with a message that names each bad field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const fields = collect(errors);
      const message = Object.values(fields).flat().join('; ');
      return new BadRequestException({ statusCode: 400, error: 'Bad Request', message, fields });
    },
  });
}
