// Stands in for CSS, font and image imports in jest: the browser build handles them.
module.exports = {};
