/** The browser editor's configuration, made from the schemas (editor-config.cjs). */
export interface EditorField {
  name: string;
  label?: string;
  widget: string;
  hint?: string;
  required?: boolean;
  root?: boolean;
  fields?: EditorField[];
  field?: EditorField;
  options?: string[];
  [option: string]: unknown;
}
export interface EditorCollection {
  name: string;
  label: string;
  folder?: string;
  fields?: EditorField[];
  files?: { name: string; label: string; file: string; format: string; fields: EditorField[] }[];
  [option: string]: unknown;
}
export interface EditorConfig {
  backend: {
    name: string;
    repo: string;
    branch: string;
    base_url: string;
    auth_endpoint: string;
    auth_scope: string;
  };
  media_folder: string;
  public_folder: string;
  collections: EditorCollection[];
  [option: string]: unknown;
}
export interface EditorSettings {
  repository: string;
  branch: string;
  repositoryVisibility?: 'private' | 'public';
  signInOrigin?: string;
}
export function editorConfig(options?: {
  settings?: EditorSettings;
  site?: { url: string; name: string };
  teamNames?: string[];
}): EditorConfig;
export function hintOf(description: string): string;
export function editorIsSetUp(settings?: EditorSettings): boolean;
export function signInScope(settings?: EditorSettings): 'repo' | 'public_repo';
export const EDITOR_PATH: string;
export const SIGN_IN_STEPS: { authorize: string; callback: string };
export const EDITED_FILES: { name: string; label: string }[];
export const EDITED_DATA_FILES: string[];
export const DATA_DIR: string;
export const SCHEMA_DIR: string;
export const POST_SCHEMA: string;
export const POSTS_DIR: string;
export const IMAGES_DIR: string;
export const SETTINGS_FILE: string;
