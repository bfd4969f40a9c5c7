/** sessionStorage flag: set by the sign-up page, read once by the student dashboard (the welcome screen). */
export const WELCOME_KEY = 'mb.welcomeRecommendations';
