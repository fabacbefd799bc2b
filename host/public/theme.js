// Before the first paint: the theme the last signed-in user chose on this browser
// (host/src/theme/theme-choice.ts), so a dark page never flashes light. Nothing set: the system's.
try {
  var theme = localStorage.getItem('assistant.theme');
  if (theme === 'dark' || theme === 'light') document.documentElement.setAttribute('data-theme', theme);
} catch (e) {
  // No storage (blocked, private mode): the system's theme.
}
