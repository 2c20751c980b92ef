/**
 * Lets one part of a page open a model picker that another part shows (the chat's composer opens
 * the header's picker when the chat's model is gone): the picker marked `opensOnRequest`
 * answers, the latest one mounted first.
 */

type Opener = () => void;

const openers: Opener[] = [];

/** Opens the answering picker; false when none is on screen. */
export function requestModelPicker(): boolean {
  const open = openers[openers.length - 1];
  open?.();
  return open !== undefined;
}

/** The picker's side: answer requests until the returned function is called. */
export function handleModelPickerRequests(open: Opener): () => void {
  openers.push(open);
  return () => {
    const index = openers.lastIndexOf(open);
    if (index >= 0) openers.splice(index, 1);
  };
}
