import { translated } from './translated';

describe(translated.name, () => {
  const rows = [
    { id: 1, question: 'When is the season?', answer: 'September to April.' },
    { id: 2, question: 'How big are the groups?', answer: 'At most 8 guests.' },
  ];

  it('replaces the fields that have a translation and keeps English for the rest', () => {
    const sut = translated(
      rows,
      [
        { subjectId: 1, field: 'question', text: 'När är säsongen?' },
        { subjectId: 1, field: 'answer', text: 'September till april.' },
        { subjectId: 2, field: 'question', text: '  ' },
        { subjectId: 2, field: 'topic', text: 'ignored: not a translated field' },
      ],
      ['question', 'answer'],
    );
    expect(sut).toEqual([
      { id: 1, question: 'När är säsongen?', answer: 'September till april.' },
      { id: 2, question: 'How big are the groups?', answer: 'At most 8 guests.' },
    ]);
  });
});
