// The profile photo's limits as plain values, apart from the profile schemas: the profile form
// shows and checks them as the page loads, and loads the schemas only when it is sent (decision 0074).

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
