/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** The screen's title in the current language (menu label for menu destinations). */
  title?: () => string;
}
