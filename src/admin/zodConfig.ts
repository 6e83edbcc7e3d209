// zod compiles validators with `new Function` when it may; the Content-Security-Policy forbids eval, so
// tell zod not to try (imported first by main.tsx, before any schema is used).
import { z } from 'zod';

z.config({ jitless: true });
