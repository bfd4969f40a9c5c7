export async function scimRoutes() {}
