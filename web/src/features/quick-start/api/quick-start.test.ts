import { describe, expect, it } from 'vitest';
import { activeStep, isStepDone } from './quick-start';

describe('quick-start active step', () => {
  it('is the first unfinished step; CHOOSE_A_PLAN always counts as done', () => {
    expect(activeStep({ CHOOSE_A_PLAN: false, FIND_AND_IMPORT: false, PUSH_PRODUCT: false, PLACE_ORDER: false })).toBe('FIND_AND_IMPORT');
    expect(activeStep({ CHOOSE_A_PLAN: true, FIND_AND_IMPORT: true, PUSH_PRODUCT: false, PLACE_ORDER: false })).toBe('PUSH_PRODUCT');
    expect(activeStep({ CHOOSE_A_PLAN: true, FIND_AND_IMPORT: false, PUSH_PRODUCT: true, PLACE_ORDER: false })).toBe('FIND_AND_IMPORT');
  });

  it('defaults to PLACE_ORDER when everything is done', () => {
    expect(activeStep({ CHOOSE_A_PLAN: true, FIND_AND_IMPORT: true, PUSH_PRODUCT: true, PLACE_ORDER: true })).toBe('PLACE_ORDER');
    expect(activeStep(undefined)).toBe('FIND_AND_IMPORT');
  });

  it('isStepDone', () => {
    expect(isStepDone(undefined, 'CHOOSE_A_PLAN')).toBe(true);
    expect(isStepDone({ PUSH_PRODUCT: true }, 'PUSH_PRODUCT')).toBe(true);
    expect(isStepDone({}, 'PLACE_ORDER')).toBe(false);
  });
});
