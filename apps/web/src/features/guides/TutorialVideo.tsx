import { tutorialMedia, type Tutorial } from './guide-content';

/**
 * A tutorial's video as the app ships it (public/tutorials/, recorded by
 * scripts/tutorial-videos from the real product; docs/tutorials.md), with the browser's own
 * controls, reachable and playable by keyboard. The videos are silent: their captions say what
 * each part shows, so the track is on by default.
 */
export function TutorialVideo({ tutorial }: { tutorial: Tutorial }) {
  const media = tutorialMedia(tutorial.slug);
  return (
    <video
      controls
      preload="metadata"
      aria-label={`${tutorial.title} video`}
      style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', marginBottom: 12, background: '#000' }}
    >
      <source src={media.video} type="video/mp4" />
      <track kind="captions" src={media.captions} srcLang="en" label="English" default />
      Your browser cannot play this video (MP4); the steps below cover it.
    </video>
  );
}
