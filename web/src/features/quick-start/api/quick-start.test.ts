import { describe, expect, it } from 'vitest';
import { isStepDone } from './quick-start';

// Which step is next is the server's answer (active_step; domain store::quick_start tests).
describe('quick-start steps', () => {
  it('isStepDone', () => {
    expect(isStepDone(undefined, 'CHOOSE_A_PLAN')).toBe(true);
    expect(isStepDone({ PUSH_PRODUCT: true }, 'PUSH_PRODUCT')).toBe(true);
    expect(isStepDone({}, 'PLACE_ORDER')).toBe(false);
  });
});
