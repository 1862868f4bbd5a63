import { useInitialData } from '../../../session/hooks';

/** The company's languages and its own (whose name is required). */
export function useCompanyLanguages() {
  const session = useInitialData();
  return {
    languages: session?.languages ?? [],
    companyLanguageId: session?.company?.language_id ?? session?.languages[0]?.id ?? 0,
    ready: session !== null,
  };
}
