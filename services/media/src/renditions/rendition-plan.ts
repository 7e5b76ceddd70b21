export interface RenditionPlan {
  ext: 'm4a' | 'mp4';
  contentType: 'audio/mp4' | 'video/mp4';
  /** ffmpeg output options (input from stdin, output to a file named by the caller). */
  args: string[];
}

/**
 * What a file the podcast apps do not accept becomes for the feed: WAV → M4A (AAC 128 kbps), WEBM → MP4 (H.264 +
 * AAC), both with the index at the front (+faststart) so players can start before the end arrives.
 */
export function renditionPlan(contentType: string): RenditionPlan | undefined {
  if (contentType === 'audio/wav')
    return { ext: 'm4a', contentType: 'audio/mp4', args: ['-vn', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod'] };
  if (contentType === 'video/webm')
    return {
      ext: 'mp4',
      contentType: 'video/mp4',
      args: [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
      ],
    };
  return undefined;
}
