// The workspace's own lint rules, for what no published plugin checks (see each rule's header).
import noImportCycle from './no-import-cycle.mjs';

export default { rules: { 'no-import-cycle': noImportCycle } };
