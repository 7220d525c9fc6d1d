/* The work time feature's public face: the `/work-time` page and the managers' dashboard link. */
export { WorkTimePage } from './components/work-time-page';
export { WorkTimeToDo } from './components/work-time-todo';
