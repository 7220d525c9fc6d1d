/* The manager dashboard's public face: the to-do of the home page. */
export { ManagerToDo } from './components/manager-to-do';
