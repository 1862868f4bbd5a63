import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, signIn } from '../../../../test/support/server-factories';
import { userId } from '../bookings/bookings.fixtures';
import { givenFloor } from '../declarations/declarations.fixtures';

/**
 * What every delegations test file starts from: the demo accounts signed in (the teammate holds
 * MY_BOOKINGS and no BOOKINGS), and two desks of a floor of its own.
 */
export async function delegationActors(server: TestServer): Promise<{
  employee: string;
  teammate: string;
  admin: string;
  reception: string;
  globex: string;
  employeeId: number;
  teammateId: number;
  desk: number;
  deskTwo: number;
}> {
  const employee = await signIn(server, ACCOUNTS.employee);
  const teammate = await signIn(server, ACCOUNTS.teammate);
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const reception = await signIn(server, ACCOUNTS.reception);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const employeeId = await userId(server, ACCOUNTS.employee);
  const teammateId = await userId(server, ACCOUNTS.teammate);
  const floor = await givenFloor(server);
  const desk = await floor.resource('Delegation desk');
  const deskTwo = await floor.resource('Delegation desk two');
  return { employee, teammate, admin, reception, globex, employeeId, teammateId, desk, deskTwo };
}
