// Start-up step (main.tsx): React Router, TanStack Query, react-hook-form and zod. zod is told here not
// to compile validators with eval (forbidden by the Content-Security-Policy), before any schema exists.
import '../zodConfig';

export { QueryClient } from '@tanstack/react-query';
export { useForm } from 'react-hook-form';
export { BrowserRouter } from 'react-router-dom';
