/** The source of src/client/ui/theme.ts as a production build compiles it. */
export default function themeValuesLoader(): string;
