export { ImagePicker } from './components/image-picker';
export type { ImageEditSlot, ImagePickerProps } from './components/image-picker';
export { ImageSlider } from './components/image-slider';
export { ProductImageTools } from './components/product-image-tools';
export { Uploader } from './components/uploader';
