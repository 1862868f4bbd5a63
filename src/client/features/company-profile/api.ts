import {
  companyProfilePath,
  type CompanyProfile,
  type UpdateCompanyProfileBody,
} from '../../../shared/contract/company-profile';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

export const useCompanyProfile = () => useApi<CompanyProfile>(companyProfilePath);

export const updateCompanyProfile = (body: UpdateCompanyProfileBody) =>
  api.put<CompanyProfile>(companyProfilePath, body);
