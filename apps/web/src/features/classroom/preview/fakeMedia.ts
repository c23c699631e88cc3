/**
 * A moving picture for the preview's tiles: a canvas with the person's colour, name and a
 * drifting circle, streamed by `canvas.captureStream`, so the tiles play real video.
 */
export function fakeCameraStream(name: string, hue: number, screen = false): MediaStream | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 400;
  const context = canvas.getContext('2d');
  if (!context || typeof canvas.captureStream !== 'function') return null;
  let frame = 0;
  const draw = () => {
    frame += 1;
    if (screen) {
      context.fillStyle = '#f8fafc';
      context.fillRect(0, 0, 640, 400);
      context.fillStyle = '#4338ca';
      context.fillRect(0, 0, 640, 44);
      context.fillStyle = '#fff';
      context.font = '600 20px system-ui, sans-serif';
      context.fillText('Photosynthesis — lesson 4', 20, 29);
      context.fillStyle = '#0f766e';
      for (let i = 0; i < 5; i += 1) {
        const h = 60 + ((i * 47 + frame) % 140);
        context.fillRect(60 + i * 100, 360 - h, 60, h);
      }
      context.fillStyle = '#334155';
      context.font = '16px system-ui, sans-serif';
      context.fillText('Light absorbed by wavelength', 60, 90);
      return;
    }
    const gradient = context.createLinearGradient(0, 0, 640, 400);
    gradient.addColorStop(0, `hsl(${hue} 55% 38%)`);
    gradient.addColorStop(1, `hsl(${(hue + 40) % 360} 50% 22%)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 400);
    const x = 320 + Math.sin(frame / 20) * 40;
    context.fillStyle = `hsl(${hue} 40% 80%)`;
    context.beginPath();
    context.arc(x, 170, 70, 0, Math.PI * 2);
    context.fill();
    context.beginPath();
    context.ellipse(x, 400, 150, 120, 0, Math.PI, 0);
    context.fill();
    context.fillStyle = 'rgb(255 255 255 / 0.85)';
    context.font = '600 22px system-ui, sans-serif';
    context.fillText(name, 20, 36);
  };
  draw();
  const stream = canvas.captureStream(15);
  const timer = window.setInterval(draw, 1000 / 15);
  // The drawing stops with the track, so a closed preview leaves nothing running.
  stream.getVideoTracks()[0]?.addEventListener('ended', () => window.clearInterval(timer));
  return stream;
}
