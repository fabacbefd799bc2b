/** The microphone and the stop square of the voice buttons (decorative: the buttons are named). */
export function MicrophoneIcon() {
  return (
    <svg className="voice-icon" viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
    </svg>
  );
}

export function StopSquareIcon() {
  return (
    <svg className="voice-icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
    </svg>
  );
}
