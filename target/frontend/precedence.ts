// Binary operator precedences, higher binds tighter, as p4c defines them: bitwise operators bind tighter than
// comparisons (unlike C). The parser groups by them and the P4Info printer parenthesises by them, so they
// must be one table.
export const BINARY_PRECEDENCE: Readonly<Partial<Record<string, number>>> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '|': 5,
  '^': 6,
  '&': 7,
  '<<': 8,
  '>>': 8,
  '++': 9,
  '+': 9,
  '-': 9,
  '|+|': 9,
  '|-|': 9,
  '*': 10,
  '/': 10,
  '%': 10,
};
