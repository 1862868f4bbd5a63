import { describe, expect, it } from 'vitest';
import { clientLabelDefaults } from '../../../test/support/client-label-defaults';
import { CALENDAR_FIELDS, calendarFieldLabelCode } from '../../shared/contract/connectors';
import { ARABIC_LABELS, LABEL_LOCALES, LABELS } from './labels';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the label catalogue (issue 40: English, German, French and Italian complete)', () => {
  it('names each code once', () => {
    const codes = LABELS.map(([code]) => code);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
  });

  it('has every label in every language, with the same placeholders as the English text', () => {
    const incomplete: string[] = [];
    for (const [code, ...texts] of LABELS) {
      LABEL_LOCALES.forEach((language, index) => {
        const text = texts[index];
        if (text === undefined || text.trim() === '') incomplete.push(`${code}: no ${language}`);
        else if (placeholders(text).join() !== placeholders(texts[0]!).join())
          incomplete.push(`${code}: ${language} placeholders differ from English`);
      });
    }
    expect(incomplete).toEqual([]);
  });

  it('has no text beginning or ending with white space (the translation file import trims, so it would not round-trip)', () => {
    const padded: string[] = [];
    for (const [code, ...texts] of LABELS)
      texts.forEach((text, index) => {
        if (text !== text.trim()) padded.push(`${code}: ${LABEL_LOCALES[index]}`);
      });
    for (const [code, text] of Object.entries(ARABIC_LABELS))
      if (text !== text.trim()) padded.push(`${code}: ar`);
    expect(padded).toEqual([]);
  });

  it('holds every code the client asks for by name, so no screen shows English to a German user', () => {
    const catalogue = new Set(LABELS.map(([code]) => code));
    const missing = [
      ...new Set(
        clientLabelDefaults().flatMap(({ code, file }) => (catalogue.has(code) ? [] : [`${code} (${file})`])),
      ),
    ];
    expect(missing).toEqual([]);
  });

  it('names every calendar connector field, by the code the connector screens ask for', () => {
    const catalogue = new Map(LABELS.map(([code, en]) => [code, en]));
    const missing = Object.values(CALENDAR_FIELDS)
      .flat()
      .filter((spec) => catalogue.get(calendarFieldLabelCode(spec.label)) !== spec.label)
      .map((spec) => spec.label);
    expect(missing).toEqual([]);
  });

  it('gives one code one English text wherever the client writes its default', () => {
    const english = new Map<string, Set<string>>();
    for (const { code, english: text } of clientLabelDefaults()) {
      english.set(code, (english.get(code) ?? new Set()).add(text));
    }
    const ambiguous = [...english].filter(([, texts]) => texts.size > 1).map(([code]) => code);
    expect(ambiguous).toEqual([]);
  });

  it("holds the client's English default as the catalogue's English text", () => {
    const catalogue = new Map(LABELS.map(([code, en]) => [code, en]));
    const differing = clientLabelDefaults()
      .filter(({ code, english }) => catalogue.has(code) && catalogue.get(code) !== english)
      .map(({ code, english }) => `${code}: client '${english}', catalogue '${catalogue.get(code)}'`);
    expect([...new Set(differing)]).toEqual([]);
  });
});

describe('the Arabic catalogue (issue 40: a right-to-left language, machine-drafted)', () => {
  const ARABIC_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const pluralBase = (code: string) => /^(.+)_(?:one|other)$/.exec(code)?.[1];

  it('has every label in Arabic, a plural one in all six of Arabic’s forms', () => {
    const missing: string[] = [];
    for (const [code] of LABELS) {
      const base = pluralBase(code);
      const wanted = base ? ARABIC_PLURALS.map((form) => `${base}_${form}`) : [code];
      for (const key of wanted) if (!ARABIC_LABELS[key]?.trim()) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the English placeholders (a plural form may leave out the count it spells)', () => {
    const english = new Map(LABELS.map(([code, en]) => [code, en]));
    const differing = Object.entries(ARABIC_LABELS).flatMap(([code, text]) => {
      const base = pluralBase(code) ?? /^(.+)_(?:zero|two|few|many)$/.exec(code)?.[1];
      const source = english.get(code) ?? (base ? english.get(`${base}_other`) : undefined);
      if (source === undefined) return [`${code}: no such label`];
      const wanted = placeholders(source).filter((name) => !(base && name === 'count'));
      const written = placeholders(text).filter((name) => !(base && name === 'count'));
      return wanted.join() === written.join()
        ? []
        : [`${code}: {${written.join('}{')}} for {${wanted.join('}{')}}`];
    });
    expect(differing).toEqual([]);
  });

  it('is written in Arabic script, but for names every language writes alike (Workplace)', () => {
    const names = new Set(
      LABELS.filter(([, en, ...others]) => others.every((text) => text === en)).map(([code]) => code),
    );
    const latin = Object.entries(ARABIC_LABELS)
      .filter(
        ([code, text]) =>
          !names.has(code) && /[a-z]/i.test(text.replace(/\{\w+\}/g, '')) && !/[\u0600-\u06FF]/.test(text),
      )
      .map(([code]) => code);
    expect(latin).toEqual([]);
  });
});
