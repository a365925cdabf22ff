/**
 * The server's side of the shared answer check (`checkAnswer` in `packages/shared`): a refused
 * answer becomes the API's error.
 */
import {
  checkAnswer as checkAgainstSession,
  type Checked,
  type SessionForCheck,
  type SubmitAnswerInput,
} from '@verba/shared';
import { ApiError } from '../../lib/errors.ts';

export type Accepted = Exclude<Checked, { refused: object }>;

/** Checks an answer against the session as read; a refused answer throws its API error. */
export function checkAnswer(row: SessionForCheck, input: SubmitAnswerInput, now: Date): Accepted {
  const checked = checkAgainstSession(row, input, now);
  if (!checked.refused) return checked;
  const { code, message, path } = checked.refused;
  throw new ApiError(code, message, path ? { issues: [{ path, message }] } : {});
}
