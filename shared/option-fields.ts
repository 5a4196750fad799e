/**
 * The names under which a tour's price categories and questions keep their words in other
 * languages (content_translations, subject `tour`): `c:` and the category's code, `q:` and the
 * question's code. Codes are stable; ids are not, as the options are saved whole.
 */
export const categoryField = (code: string): string => `c:${code}`;
export const questionField = (code: string): string => `q:${code}`;

/** Categories and questions named in the words given (the staff's Swedish), each as it was where none is given. */
export function namedIn<Category extends { code: string; name: string }, Question extends { code: string; label: string }>(
  options: { priceCategories: Category[]; questions: Question[] },
  words: Partial<Record<string, string>> | null | undefined,
): { priceCategories: Category[]; questions: Question[] } {
  const word = (field: string) => words?.[field]?.trim() || undefined;
  return {
    priceCategories: options.priceCategories.map((category) => ({ ...category, name: word(categoryField(category.code)) ?? category.name })),
    questions: options.questions.map((question) => ({ ...question, label: word(questionField(question.code)) ?? question.label })),
  };
}
