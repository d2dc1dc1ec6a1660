export const OUT: string;
export function cardGlyphsSource(): string;
