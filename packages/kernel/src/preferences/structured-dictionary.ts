/**
 * An RFC 9651 Structured Fields Dictionary parser, reading the value as bytes: the
 * Content-Usage preferences are such a dictionary (draft-ietf-aipref-attach). Only what a
 * preference needs is kept: each member's key and, when the value is a token, the token.
 * Every member is listed in order, so a key given twice is seen (the RFC keeps the last;
 * the vocabulary makes conflicting repeats unknown, which the caller decides).
 */

/** A member's value: a bare token (`y`), or anything else the dictionary allows. */
export type DictionaryValue = { readonly kind: 'token'; readonly token: string } | { readonly kind: 'other' };

export interface DictionaryMember {
  readonly key: string;
  readonly value: DictionaryValue;
}

const OTHER: DictionaryValue = { kind: 'other' };

/** The members in order, or undefined when the text is not a valid dictionary. */
export function parseDictionary(text: string): readonly DictionaryMember[] | undefined {
  const reader = new Reader(text);
  try {
    reader.skipSpaces();
    const members: DictionaryMember[] = [];
    while (!reader.atEnd()) {
      const key = reader.key();
      let value: DictionaryValue;
      if (reader.peek() === 0x3d /* = */) {
        reader.pos++;
        value = reader.itemOrInnerList();
      } else {
        reader.parameters();
        value = OTHER;
      }
      members.push({ key, value });
      reader.skipOws();
      if (reader.atEnd()) break;
      if (reader.next() !== 0x2c /* , */) throw new SyntaxError('expected a comma');
      reader.skipOws();
      if (reader.atEnd()) throw new SyntaxError('a trailing comma');
    }
    return members;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isLcAlpha = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isAlpha = (c: number): boolean => isLcAlpha(c) || (c >= 0x41 && c <= 0x5a);
/** RFC 9110 tchar. */
const isTchar = (c: number): boolean => isAlpha(c) || isDigit(c) || "!#$%&'*+-.^_`|~".includes(String.fromCharCode(c));
const isBase64 = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2f || c === 0x3d;

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** The code unit at the cursor; -1 at the end. Anything above 0x7e fails every production. */
  peek(): number {
    return this.pos < this.text.length ? this.text.charCodeAt(this.pos) : -1;
  }

  next(): number {
    const c = this.peek();
    this.pos++;
    return c;
  }

  skipSpaces(): void {
    while (this.peek() === 0x20) this.pos++;
  }

  skipOws(): void {
    while (this.peek() === 0x20 || this.peek() === 0x09) this.pos++;
  }

  key(): string {
    const start = this.pos;
    const first = this.peek();
    if (!isLcAlpha(first) && first !== 0x2a) throw new SyntaxError('a key starts with a lower-case letter or *');
    this.pos++;
    for (let c = this.peek(); isLcAlpha(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x2a; c = this.peek()) this.pos++;
    return this.text.slice(start, this.pos);
  }

  itemOrInnerList(): DictionaryValue {
    if (this.peek() === 0x28 /* ( */) {
      this.innerList();
      return OTHER;
    }
    const value = this.bareItem();
    this.parameters();
    return value;
  }

  private innerList(): void {
    this.pos++;
    for (;;) {
      this.skipSpaces();
      if (this.peek() === 0x29 /* ) */) {
        this.pos++;
        this.parameters();
        return;
      }
      this.bareItem();
      this.parameters();
      const c = this.peek();
      if (c !== 0x20 && c !== 0x29) throw new SyntaxError('an inner list item ends with a space or )');
    }
  }

  parameters(): void {
    while (this.peek() === 0x3b /* ; */) {
      this.pos++;
      this.skipSpaces();
      this.key();
      if (this.peek() === 0x3d) {
        this.pos++;
        this.bareItem();
      }
    }
  }

  private bareItem(): DictionaryValue {
    const c = this.peek();
    if (c === 0x2d || isDigit(c)) this.number(false);
    else if (c === 0x22 /* " */) this.string();
    else if (c === 0x3a /* : */) this.byteSequence();
    else if (c === 0x3f /* ? */) this.boolean();
    else if (c === 0x40 /* @ */) {
      this.pos++;
      this.number(true);
    } else if (c === 0x25 /* % */) this.displayString();
    else if (isAlpha(c) || c === 0x2a) return { kind: 'token', token: this.token() };
    else throw new SyntaxError('not an item');
    return OTHER;
  }

  private number(integerOnly: boolean): void {
    if (this.peek() === 0x2d) this.pos++;
    if (!isDigit(this.peek())) throw new SyntaxError('a number needs a digit');
    let digits = 0;
    let fraction = -1;
    for (;;) {
      const c = this.peek();
      if (isDigit(c)) {
        if (fraction >= 0) fraction++;
        else digits++;
        this.pos++;
      } else if (c === 0x2e && fraction < 0 && !integerOnly) {
        if (digits > 12) throw new SyntaxError('a decimal has at most 12 integer digits');
        fraction = 0;
        this.pos++;
      } else break;
      if (fraction < 0 && digits > 15) throw new SyntaxError('an integer has at most 15 digits');
      if (fraction > 3) throw new SyntaxError('a decimal has at most 3 fraction digits');
    }
    if (fraction === 0) throw new SyntaxError('a decimal point needs a digit after it');
  }

  private string(): void {
    this.pos++;
    for (;;) {
      const c = this.next();
      if (c === 0x22) return;
      if (c === 0x5c /* \ */) {
        const escaped = this.next();
        if (escaped !== 0x22 && escaped !== 0x5c) throw new SyntaxError('only \\" and \\\\ are escapes');
      } else if (c < 0x20 || c > 0x7e) throw new SyntaxError('a string holds visible ASCII only');
    }
  }

  private byteSequence(): void {
    this.pos++;
    while (isBase64(this.peek())) this.pos++;
    if (this.next() !== 0x3a) throw new SyntaxError('a byte sequence ends with :');
  }

  private boolean(): void {
    this.pos++;
    const c = this.next();
    if (c !== 0x30 && c !== 0x31) throw new SyntaxError('a boolean is ?0 or ?1');
  }

  private displayString(): void {
    this.pos++;
    if (this.next() !== 0x22) throw new SyntaxError('a display string starts with %"');
    let encoded = '';
    for (;;) {
      const c = this.next();
      if (c === 0x22) break;
      if (c < 0x20 || c > 0x7e) throw new SyntaxError('a display string holds visible ASCII only');
      if (c === 0x25) {
        const hex = this.text.slice(this.pos, this.pos + 2);
        if (!/^[0-9a-f]{2}$/.test(hex)) throw new SyntaxError('a display string escape is two lower-case hex digits');
        this.pos += 2;
        encoded += `%${hex}`;
      } else encoded += String.fromCharCode(c) === '%' ? '%25' : encodeURIComponent(String.fromCharCode(c));
    }
    try {
      decodeURIComponent(encoded);
    } catch {
      throw new SyntaxError('a display string must be UTF-8');
    }
  }

  private token(): string {
    const start = this.pos;
    this.pos++;
    for (let c = this.peek(); isTchar(c) || c === 0x3a || c === 0x2f; c = this.peek()) this.pos++;
    return this.text.slice(start, this.pos);
  }
}
