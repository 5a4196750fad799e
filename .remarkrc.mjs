// `npm run lint:docs`: every link between README.md and docs/ (files and headings) must lead somewhere; offline, no URL is fetched.
import remarkValidateLinks from 'remark-validate-links';

export default { plugins: [[remarkValidateLinks, { repository: false }]] };
