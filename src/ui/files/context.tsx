// Where the page keeps the user's files (IndexedDB in the app; none in an embed): lets the UI forget a file.
import { createContext, useContext, type ReactNode } from 'react';
import type { FileStore } from '../../store/state';

const FileStoreContext = createContext<FileStore | null>(null);

export function FileStoreProvider({ store, children }: { store: FileStore | null; children: ReactNode }) {
  return <FileStoreContext.Provider value={store}>{children}</FileStoreContext.Provider>;
}

export const useFileStore = (): FileStore | null => useContext(FileStoreContext);
