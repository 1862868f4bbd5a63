import { startColdRequestsAt } from '../routing/cold-start';

// app.tsx's first import, so that it runs before the entry's other modules are evaluated: a page
// opened cold sends its first requests now rather than once React, Fluent and the router are ready.
startColdRequestsAt('browser', window.location);
