import { readRefundCause } from './refund-causes';

describe(readRefundCause.name, () => {
  it.each([
    ['cancelled-by-guest', { kind: 'cancelled-by-guest', reason: 'cancelled', cancelledBy: 'guest' }],
    ['late-payment-pi_3Abc', { kind: 'late-payment', reason: 'late-payment', paymentIntentId: 'pi_3Abc' }],
    ['duplicate-payment-pi_9', { kind: 'duplicate-payment', reason: 'duplicate', paymentIntentId: 'pi_9' }],
    ['change-refused-pi_7', { kind: 'change-refused', reason: 'change-refused', paymentIntentId: 'pi_7' }],
    ['changed-adult2-adult1', { kind: 'changed-adult2-adult1', reason: 'changed' }],
    ['something-new', { kind: 'something-new', reason: null }],
  ])('reads %s', (cause, parts) => {
    expect(readRefundCause(cause)).toEqual(parts);
  });
});
