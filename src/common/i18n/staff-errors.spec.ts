import { inStaffWords } from './staff-errors';

describe(inStaffWords.name, () => {
  it("says the libraries' English in Swedish, in the message and each field, and leaves the staff API's own words alone", () => {
    expect(
      inStaffWords({
        statusCode: 400,
        error: 'Bad Request',
        message: 'property from should not exist; fromDate måste vara ett datum som 2026-12-01',
        fields: { from: ['property from should not exist'], fromDate: ['fromDate måste vara ett datum som 2026-12-01'] },
      }),
    ).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'fältet from finns inte i det här anropet; fromDate måste vara ett datum som 2026-12-01',
      fields: { from: ['fältet from finns inte i det här anropet'], fromDate: ['fromDate måste vara ett datum som 2026-12-01'] },
    });
    expect(inStaffWords({ statusCode: 404, error: 'Not Found', message: 'Cannot POST /api/admin/tour-dates/series' }).message).toBe('Det finns inget POST /api/admin/tour-dates/series.');
    expect(inStaffWords({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON.' }).message).toBe('Anropets innehåll är inte giltig JSON.');
    expect(inStaffWords({ statusCode: 409, error: 'Conflict', message: 'Avgången är full.' }).message).toBe('Avgången är full.');
  });
});
