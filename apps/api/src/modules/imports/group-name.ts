import { GROUP_NAME_MAX_LENGTH, isPlainText } from '@verba/shared';

/**
 * A deck's name as a group's: its whitespace collapsed, Anki's `Parent::Child` levels kept, cut
 * to a group name's length. A name that is blank or holds control characters makes no group.
 */
export function groupName(deck: string): string {
  const name = deck.replace(/\s+/gu, ' ').trim().slice(0, GROUP_NAME_MAX_LENGTH).trim();
  return isPlainText(name) ? name : '';
}
