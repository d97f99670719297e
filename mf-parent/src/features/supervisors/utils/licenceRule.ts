// By path: the same words as the session form's, without a shared module on every screen's first view.
export { licenceShortfall, type SupervisorLicenceRule } from '../../../../../packages/contracts/src/supervisor-licence';
