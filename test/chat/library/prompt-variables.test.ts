import { describe, expect, it } from 'vitest';
import { dateTimeValues, fillPrompt, promptVariables } from '../../../src/chat/library';

describe('prompt variables', () => {
  it('finds each variable once, in order, telling the built-ins apart', () => {
    expect(promptVariables('Translate {{text}} into {{ language }} on {{date}}; again {{text}} and {{Selection}}')).toEqual([
      { name: 'text', builtIn: false },
      { name: 'language', builtIn: false },
      { name: 'date', builtIn: true },
      { name: 'selection', builtIn: true },
    ]);
    expect(promptVariables('No {{}} or {{ bad!name }} or {single}')).toEqual([]);
  });

  it('fills what has a value and leaves the rest as written', () => {
    expect(fillPrompt('Hi {{name}}, it is {{ DATE }}; {{other}}', { name: 'Ana', date: '1 May' })).toBe('Hi Ana, it is 1 May; {{other}}');
    // A value is inserted as it is: nothing in it is read as a variable again.
    expect(fillPrompt('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });

  it('writes the date and time in the given locale', () => {
    const values = dateTimeValues(new Date(2026, 10, 27, 9, 5), 'en-GB');
    expect(values.date).toBe('27 November 2026');
    expect(values.time).toBe('09:05');
  });
});
