/** "1 prospect", "2,000 prospects": a count with its noun, in the product's number format. */
export const counted = (n: number, one: string, many = `${one}s`) => `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? one : many}`;
