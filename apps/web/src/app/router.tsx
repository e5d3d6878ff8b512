import { createBrowserRouter } from 'react-router';
import { appRoutes } from './root-route';

export const router = createBrowserRouter(appRoutes);
