import { sweepEveryScreen } from './every-screen';

// A third of the sweep over every browser screen (every-screen.ts).
sweepEveryScreen(1);
