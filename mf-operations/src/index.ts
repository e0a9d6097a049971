// The console's own page (staff open it on its origin); the async boundary lets MF share modules in development.
import('./bootstrap');
