// The Cache Storage name Python's packages are kept under (issue 36): the app writes it, the
// service worker must keep it when it forgets old builds' caches (they outlive any one build).
export const PYTHON_PACKAGES_CACHE = 'parley-python-packages';
