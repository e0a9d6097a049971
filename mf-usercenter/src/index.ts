// Standalone page of this remote (QA in isolation); the async boundary lets MF share modules.
import('./bootstrap');
