/**
 * What `toResult` promises: the codes of its result are read from the list it is given, a family
 * standing for each of its codes, so a call typed with fewer codes than it catches (a wrong code in
 * the list) does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { type ErrorCodesOf, type Result, toResult } from '../../core/index.js';

const call = async () => 1;

describe('toResult', () => {
  it('reads the result codes from the list', () => {
    expectTypeOf(toResult(call, ['TEAM_NOT_FOUND', 'TEAM_MEMBERSHIP_NOT_FOUND'])).toEqualTypeOf<
      Promise<Result<number, 'TEAM_NOT_FOUND' | 'TEAM_MEMBERSHIP_NOT_FOUND'>>
    >();
  });

  it('expands a family into its codes, at every depth', () => {
    expectTypeOf<ErrorCodesOf<'VERIFICATION_ERROR'>>().toEqualTypeOf<
      | 'VERIFICATION_CODE_NOT_FOUND'
      | 'VERIFICATION_CODE_EXPIRED'
      | 'VERIFICATION_CODE_ALREADY_USED'
      | 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED'
    >();
    // SESSION_AUTHENTICATION_ERROR ⊃ INVALID_SESSION_AUTHENTICATION ⊃ INVALID_ACCESS_TOKEN ⊃ ACCESS_TOKEN_EXPIRED
    expectTypeOf<'ACCESS_TOKEN_EXPIRED'>().toExtend<ErrorCodesOf<'SESSION_AUTHENTICATION_ERROR'>>();
    expectTypeOf<'TEAM_NOT_FOUND'>().not.toExtend<ErrorCodesOf<'SESSION_AUTHENTICATION_ERROR'>>();
  });

  it('keeps a code a plugin owns as itself', () => {
    expectTypeOf<ErrorCodesOf<'TICKET_EXPIRED' | 'USER_NOT_FOUND'>>().toEqualTypeOf<
      'TICKET_EXPIRED' | 'USER_NOT_FOUND'
    >();
  });

  it('refuses a list with a code the declared result does not have', () => {
    const typed = (): Promise<Result<number, 'TEAM_NOT_FOUND'>> =>
      // @ts-expect-error: TEAM_PERMISSION_REQUIRED is not one of the declared codes.
      toResult(call, ['TEAM_NOT_FOUND', 'TEAM_PERMISSION_REQUIRED']);
    const family = (): Promise<Result<number, 'VERIFICATION_CODE_EXPIRED'>> =>
      // @ts-expect-error: the family brings three more codes than declared.
      toResult(call, ['VERIFICATION_ERROR']);
    const fits = (): Promise<Result<number, 'TEAM_NOT_FOUND' | 'USER_NOT_FOUND'>> =>
      toResult(call, ['TEAM_NOT_FOUND']);
    expectTypeOf(typed).toBeFunction();
    expectTypeOf(family).toBeFunction();
    expectTypeOf(fits).toBeFunction();
  });
});
