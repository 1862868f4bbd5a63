/**
 * A Microsoft 365 access token for the add-in's own API through nested app authentication: MSAL
 * asks Outlook, which already holds the user's Microsoft 365 sign-in, so the user sees at most a
 * consent prompt. MSAL (a large library) loads only when a pane signs in this way.
 */
export async function nestedAppToken(clientId: string): Promise<string> {
  const { createNestablePublicClientApplication, InteractionRequiredAuthError } = await import(
    /* webpackChunkName: "msal" */ '@azure/msal-browser'
  );
  const msal = await createNestablePublicClientApplication({
    auth: { clientId, authority: 'https://login.microsoftonline.com/common' },
  });
  // The API the app registration exposes, as the manifests' WebApplicationInfo names it.
  const request = { scopes: [`api://${window.location.host}/${clientId}/access_as_user`] };
  try {
    return (await msal.acquireTokenSilent(request)).accessToken;
  } catch (error) {
    // First use: the user consents once in Outlook's own prompt.
    if (error instanceof InteractionRequiredAuthError)
      return (await msal.acquireTokenPopup(request)).accessToken;
    throw error;
  }
}
